/**
 * Batch requests on campaigns: 1..40 valid items; the same with one poisoned item
 * at a random position (and its index); oversized batches (41 and more).
 * The container around the item list is not shown by the document: these are the
 * item lists; the suite wraps them in the container shape the target accepts.
 */
import fc from 'fast-check';
import { LIMITS, CAMPAIGN_UPDATE_STATUSES } from './constants.ts';
import { campaignCreateMutation, campaignCreateParams, CAMPAIGN_CREATE_MUTATIONS, type CampaignCreateOptions } from './campaigns.ts';
import { nameOf } from './values.ts';

export interface BatchItem {
  operation_type: string;
  params: Record<string, unknown>;
}

export interface CampaignBatchOptions extends CampaignCreateOptions {
  /** ids of existing campaigns: when given, Update and Delete items on them are mixed in (each id used at most once) */
  existingCampaignIds?: readonly string[];
  minItems?: number;
  maxItems?: number;
}

function createItem(options: CampaignCreateOptions): fc.Arbitrary<BatchItem> {
  return campaignCreateParams(options).map((params) => ({ operation_type: 'Create', params: { ...params } }));
}

/** Update items that keep the rules whatever the stored campaign: name, entity_status ACTIVE or PAUSED, purchase order number. */
function updateItem(id: string, prefix?: string): fc.Arbitrary<BatchItem> {
  return fc
    .record(
      {
        name: nameOf(LIMITS.campaignName, prefix),
        entity_status: fc.constantFrom(...CAMPAIGN_UPDATE_STATUSES),
        purchase_order_number: nameOf(LIMITS.purchaseOrderNumber),
      },
      { requiredKeys: [] },
    )
    .map((p) => ({
      operation_type: 'Update',
      params: { campaign_id: id, ...(Object.keys(p).length === 0 ? { entity_status: 'PAUSED' } : p) },
    }));
}

/** 1..40 valid items (Create; Update / Delete on distinct existing ids when given). */
export function campaignBatch(options: CampaignBatchOptions = {}): fc.Arbitrary<BatchItem[]> {
  const min = options.minItems ?? 1;
  const max = Math.min(options.maxItems ?? LIMITS.batchSize, LIMITS.batchSize);
  const ids = [...(options.existingCampaignIds ?? [])];
  return fc.integer({ min, max }).chain((n) =>
    fc
      .tuple(
        fc.array(createItem(options), { minLength: n, maxLength: n }),
        ids.length === 0 ? fc.constant([] as string[]) : fc.shuffledSubarray(ids, { maxLength: Math.min(ids.length, n) }),
        fc.array(fc.boolean(), { minLength: n, maxLength: n }),
        fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
      )
      .chain(([creates, chosen, deletes, positions]) =>
        fc
          .tuple(
            ...chosen.map((id, i) =>
              deletes[i]
                ? fc.constant<BatchItem>({ operation_type: 'Delete', params: { campaign_id: id } })
                : updateItem(id, options.namePrefix),
            ),
          )
          .map((others) => {
            const items = [...creates];
            others.forEach((item, i) => {
              items[positions[i]] = item; // a random position each, never the same twice
            });
            return items;
          }),
      ),
  );
}

export const POISON_MUTATIONS = [...CAMPAIGN_CREATE_MUTATIONS, 'operation-type-outside-set', 'params-missing'] as const;
export type PoisonMutation = (typeof POISON_MUTATIONS)[number];

export interface PoisonedBatch {
  items: BatchItem[];
  /** position of the one invalid item */
  poisonedIndex: number;
  /** the rule that item breaks */
  mutation: PoisonMutation;
}

/** A valid batch of 1..40 items in which the item at `poisonedIndex` breaks one rule (item-level error). */
export function poisonedCampaignBatch(options: CampaignBatchOptions = {}): fc.Arbitrary<PoisonedBatch> {
  const poison: fc.Arbitrary<{ item: Record<string, unknown>; mutation: PoisonMutation }> = fc.oneof(
    {
      weight: 8,
      arbitrary: campaignCreateMutation(options).map((m) => ({
        item: { operation_type: 'Create', params: m.value },
        mutation: m.mutation as PoisonMutation,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(campaignCreateParams(options), fc.constantFrom('CREATE', 'create', 'Upsert', 'Remove', ''))
        .map(([params, op]) => ({ item: { operation_type: op, params: { ...params } }, mutation: 'operation-type-outside-set' as const })),
    },
    { weight: 1, arbitrary: fc.constant({ item: { operation_type: 'Create' }, mutation: 'params-missing' as const }) },
  );
  return campaignBatch(options).chain((items) =>
    fc.tuple(fc.integer({ min: 0, max: items.length - 1 }), poison).map(([index, p]) => {
      const poisoned = [...items];
      poisoned[index] = p.item as unknown as BatchItem;
      return { items: poisoned, poisonedIndex: index, mutation: p.mutation };
    }),
  );
}

/** 41..60 valid Create items (request-level error: "Maximum batch size 40"); 41 often. */
export function oversizedCampaignBatch(options: CampaignCreateOptions = {}): fc.Arbitrary<BatchItem[]> {
  return fc
    .oneof(fc.constant(LIMITS.batchSize + 1), fc.integer({ min: LIMITS.batchSize + 1, max: LIMITS.batchSize + 20 }))
    .chain((n) => fc.array(createItem(options), { minLength: n, maxLength: n }));
}
