// The batch request body's container, as configured or found by the probe (form.ts).
import type { BatchBody } from '../../../config/ads/index.ts';

export type BatchForm = BatchBody;

export interface BatchFormFound {
  /** the container that worked, or none */
  form?: BatchForm;
  how: 'config' | 'probe';
  /** each candidate the probe sent, with the answer's status and what it made */
  tried: string[];
  /** the container was accepted and its item made, but the answer's items hold no record to read
   *  it from (neither the record nor a single-item answer): what that answer was */
  unreadItems?: string;
}
