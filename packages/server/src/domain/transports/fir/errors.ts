import { AppError } from '../../../http/errors.js';

/** 409 FIR_SIGN_ORDER (API.md): a signature out of turn, or a status change that only signatures make. */
export const signOrder = () => new AppError(409, 'FIR_SIGN_ORDER');
/** 409 FIR_SIGNED (API.md): a change of data a signature has frozen. */
export const firSigned = () => new AppError(409, 'FIR_SIGNED');
