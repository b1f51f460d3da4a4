/** The width of one resource tile per screen size: shared by the tiles and their placeholder, so both wrap alike. */
export const tileColumn = { xs: 24, sm: 12, xl: 6 } as const;
