import * as v from 'valibot';
import { IdSchema } from '../id';
import { limited, TextLimit } from '../limits';
import { listParamsSchemas, type ListQueryWithSearch } from '../lists/list-params';
import { pagedAnswer, SortDirection, type ListSort } from '../lists/paging';
import { optionalText } from '../schema';
import { RenderDetails, RenderStrategy } from './kit-status';

/**
 * Kits §3: the kit as the portal reads it (leniently, as the contract decisions say: unknown fields are
 * ignored, optional parts may be missing or null), the kit list's columns, query and page, and the report
 * generation request. A kit is addressed by its barcode (contract decisions).
 */

/** A number or digits, kept as text: order numbers are strings (contract decisions) that a service may send as numbers. */
const NumberText = v.pipe(v.union([v.string(), v.number()]), v.transform(String));

export const KitStatusSchema = v.object({ status: v.nullish(v.number(), null), date: optionalText });

export const KitRegistrantSchema = v.object({
  uid: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  externalId: optionalText,
  dateOfBirth: optionalText,
});

export const KitSampleSchema = v.object({ status: v.nullish(v.number(), null), processingDate: optionalText });

export const KitReportSchema = v.object({ type: v.number(), name: optionalText });
export type KitReport = v.InferOutput<typeof KitReportSchema>;

export const KitDiagnosticSchema = v.object({ id: IdSchema, fileName: optionalText, fileUrl: optionalText });
export type KitDiagnostic = v.InferOutput<typeof KitDiagnosticSchema>;

export const KitSchema = v.object({
  uid: v.string(),
  barcode: v.string(),
  externalBarcode: optionalText,
  order: v.nullish(v.object({ orderNumber: v.nullish(NumberText, null) }), null),
  registeredAt: optionalText,
  createdAt: optionalText,
  status: v.nullish(KitStatusSchema, null),
  statusHistory: v.nullish(v.array(KitStatusSchema), []),
  registrant: v.nullish(KitRegistrantSchema, null),
  product: v.nullish(v.object({ id: v.nullish(IdSchema, null), name: optionalText, description: optionalText }), null),
  samples: v.nullish(v.array(KitSampleSchema), []),
  reports: v.nullish(v.array(KitReportSchema), []),
  diagnostics: v.nullish(v.array(KitDiagnosticSchema), []),
  /** The kit this one replaced, or null. */
  source: v.nullish(v.object({ uid: optionalText, barcode: v.string() }), null),
  /**
   * Issue 40 point 2: a sample registered by a manifest, its row's columns (ordering §2 "Template columns"). Not a
   * field of kits §3: a service that does not send it leaves the kit page without the card that shows it.
   */
  manifestSample: v.nullish(
    v.object({
      collectionDate: optionalText,
      dateOfBirth: optionalText,
      sex: optionalText,
      clinicId: optionalText,
      type: optionalText,
      concentration: v.nullish(v.number(), null),
      volume: v.nullish(v.number(), null),
      patientExternalId: optionalText,
    }),
    null,
  ),
});
export type Kit = v.InferOutput<typeof KitSchema>;

/** GET /Kits/{barcode} as the client reads it: a service may answer `null` for no kit (kits §2 "No kit data available"). */
export const KitLookupSchema = v.nullable(KitSchema);

/** The kit list's columns as the query names them; the view decides which a unit type shows. */
export const KitColumn = {
  barcode: 'barcode',
  orderNumber: 'orderNumber',
  registeredAt: 'registeredAt',
  createdAt: 'createdAt',
  patient: 'patient',
  product: 'product',
  status: 'status',
} as const;
export type KitColumn = (typeof KitColumn)[keyof typeof KitColumn];
export const KIT_COLUMNS: readonly KitColumn[] = Object.values(KitColumn);

/** Kits §9: page size 10. Newest kits first until the user sorts. */
export const KITS_PAGE_SIZE = 10;
export const DEFAULT_KIT_SORT: ListSort<KitColumn> = { column: KitColumn.createdAt, direction: SortDirection.desc };

export type KitListQuery = ListQueryWithSearch<KitColumn>;

export const KitsPageSchema = pagedAnswer(KitSchema);

const kitListParams = listParamsSchemas({
  columns: KIT_COLUMNS,
  defaultSort: DEFAULT_KIT_SORT,
  pageSize: KITS_PAGE_SIZE,
  itemsName: 'Kits',
  tieBreak: 'the kit’s id',
  search:
    'Kits whose barcode, external barcode, product, registrant’s name or order number contains this text, without regard to case (% and _ are plain characters).',
});

/** GET /Kits' named query parameters, as the contract lists them. */
export const KitListParamsSchema = kitListParams.ParamsSchema;
/** GET /Kits' whole query as the server reads it. */
export const KitListQuerySchema = kitListParams.QuerySchema;

/** GET /Kits/{barcode}: the barcode, or the kit's uid (contract decisions). */
export const KitPathSchema = v.object({
  barcode: limited(v.pipe(v.string(), v.description('The kit’s barcode, or its uid')), 'barcode', TextLimit.identifier),
});

/** Kits §3 and the contract decisions: the report generation request. */
export const ReportRequestSchema = v.object({
  kitId: limited(
    v.pipe(v.string('kitId must be the kit’s barcode'), v.trim(), v.nonEmpty('kitId is required')),
    'kitId',
    TextLimit.identifier,
  ),
  reportType: v.pipe(v.number('reportType must be a number'), v.integer('reportType must be a whole number')),
  renderStrategy: v.picklist([RenderStrategy.Html, RenderStrategy.Pdf], 'renderStrategy must be 10 (Html) or 20 (Pdf)'),
  renderDetails: v.picklist(
    [RenderDetails.PresignedUrl, RenderDetails.Payload, RenderDetails.File, RenderDetails.All],
    'renderDetails must be 1, 2, 4 or 7',
  ),
});
export type ReportRequest = v.InferOutput<typeof ReportRequestSchema>;

/** The answer: a link to the rendered report, when one was asked for (the client asks for one always). */
export const ReportAnswerSchema = v.object({ presignedUrl: optionalText });
