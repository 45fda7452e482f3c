import { svgIconProblem } from '@circula/model';
import { constraintViolation } from '../../http/errors.js';
import type { EntityHooks, RecordData } from '../../records/hooks.js';

function checkedSvg(values: RecordData): RecordData {
  if (typeof values.svg !== 'string') return values;
  const problem = svgIconProblem(values.svg);
  if (problem) throw constraintViolation([{ field: 'svg', message: problem }]);
  return { ...values, svg: values.svg.trim() };
}

/** Icons: only an SVG that cannot run code or load anything is stored (the web inlines it). */
export const iconHooks: EntityHooks = {
  async beforeCreate(_ctx, values) {
    return checkedSvg(values);
  },
  async beforeUpdate(_ctx, _current, values) {
    return checkedSvg(values);
  },
};
