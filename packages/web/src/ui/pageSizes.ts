/** The page sizes a paged table offers (PagedTable, and the report tables that page on the client). */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
