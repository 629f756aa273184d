import { AppError, ErrorCodes } from '@farmsense/shared';

/** An issue list shaped like the schema validation errors (400/99996), for checks only the server can make. */
export function paramError(field: string, key: string): AppError {
  return new AppError(ErrorCodes.PARAM_ERROR, { data: { issues: [{ field, key }] }, httpStatus: 400 });
}
