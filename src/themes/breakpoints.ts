/**
 * Display breakpoints of the specification, in pixels. Below `lg` the panel is in its
 * mobile form (the navigation becomes a drawer).
 */
export const breakpoints = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

/** Beyond xxl; antd validates that every range ends before the next one starts. */
const screenXXXL = 3840;

/**
 * The antd screen tokens for these breakpoints. antd checks that each `Min <= value <= Max`
 * and that each `Max` ends before the next `Min`, so all three tokens of each size are set.
 */
export const screenTokens = {
  screenXS: 480,
  screenXSMin: 480,
  screenXSMax: breakpoints.sm - 1,
  screenSM: breakpoints.sm,
  screenSMMin: breakpoints.sm,
  screenSMMax: breakpoints.md - 1,
  screenMD: breakpoints.md,
  screenMDMin: breakpoints.md,
  screenMDMax: breakpoints.lg - 1,
  screenLG: breakpoints.lg,
  screenLGMin: breakpoints.lg,
  screenLGMax: breakpoints.xl - 1,
  screenXL: breakpoints.xl,
  screenXLMin: breakpoints.xl,
  screenXLMax: breakpoints.xxl - 1,
  screenXXL: breakpoints.xxl,
  screenXXLMin: breakpoints.xxl,
  screenXXLMax: screenXXXL - 1,
  screenXXXL,
  screenXXXLMin: screenXXXL,
} as const;
