// The batch request body's container, as configured or found by the probe (form.ts).
import type { BatchBody } from '../../../config/ads/index.ts';

export type BatchForm = BatchBody;

export interface BatchFormFound {
  /** the container that worked, or none */
  form?: BatchForm;
  how: 'config' | 'probe';
  /** each candidate the probe sent, with the answer's status */
  tried: string[];
}
