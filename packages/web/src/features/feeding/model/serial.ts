import { BAUD_RATES } from '@farmsense/shared';
import { numberOptions } from '../../../ui/numberOptions';

/**
 * The bus settings a concentrator or collector takes (the shared serial rules): the choices of
 * the device form and of the remote serial dialog.
 */
export const SERIAL_CHOICES = {
  baudRate: numberOptions(BAUD_RATES),
  dataBits: numberOptions([7, 8]),
  stopBits: numberOptions([1, 2]),
};
