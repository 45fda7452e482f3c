/** Modal widths by the sizes the spec names (extra-small status change, small, medium, large pickers). */
export const MODAL_WIDTH = { xsmall: 360, small: 480, medium: 720, large: 1080 } as const;
