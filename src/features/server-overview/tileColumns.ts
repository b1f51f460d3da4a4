/** The resource tiles' columns per screen size: shared by the tiles and their placeholder, so both wrap alike. */
export const tileColumns = { xs: 1, sm: 2, xl: 4 } as const;
