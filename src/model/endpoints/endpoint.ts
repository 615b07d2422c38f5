import * as v from 'valibot';

/** What describes one call of the contract; `../endpoints.ts` joins every area's list. */

export type HttpMethod = 'get' | 'head' | 'post' | 'put' | 'patch' | 'delete';
export type SuccessStatus = 200 | 201 | 204;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 507;

/** An object schema whose entries are the parameters, one each (an optional entry is an optional parameter). */
export type ParametersSchema = v.GenericSchema & { readonly entries: v.ObjectEntries };

export interface Endpoint {
  /** Unique: the name a generated client gives the call. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Below the base path, OpenAPI style: `/Kits/{barcode}`. */
  readonly path: `/${string}`;
  /**
   * Served under this base instead of the API's base path (the OpenAPI `servers` of its path item), e.g. `/api`
   * for kits §7's legacy relative patients calls; `path` is below it.
   */
  readonly server?: `/${string}`;
  readonly summary: string;
  readonly description?: string;
  /** Needs `Authorization: Bearer <access token>`, so it can also answer 401. */
  readonly signedIn: boolean;
  /**
   * Whose call it is (access §6): the provider portal's user types, or a patient's own. Any other signed-in account
   * is refused with 403. Left out, any signed-in account may make it.
   */
  readonly audience?: 'provider' | 'patient';
  /** Path parameters; one the path names but this leaves out is a plain string. */
  readonly pathParams?: ParametersSchema;
  readonly query?: ParametersSchema;
  /** The JSON body as the server accepts it; a call with one can also answer 400. */
  readonly body?: v.GenericSchema;
  /** Instead of a JSON body: a multipart/form-data upload of one file (`nullable`: or the text `null`, to clear). */
  readonly upload?: { readonly field: string; readonly description: string; readonly nullable?: boolean };
  /**
   * Instead of a JSON body: raw bytes of this media type, streamed (a tus PATCH). Its route limits what it reads, and
   * `headers` names the request headers the protocol needs.
   */
  readonly stream?: { readonly mediaType: string; readonly description: string };
  /** Request headers the call needs besides Authorization (the tus protocol's), each with what it says and its longest value. */
  readonly headers?: Readonly<Record<string, { readonly description: string; readonly maxLength: number }>>;
  readonly answer: {
    readonly status: SuccessStatus;
    readonly description: string;
    readonly schema?: v.GenericSchema;
    /** A download: the answer is a file of one of these media types rather than JSON. */
    readonly mediaTypes?: readonly string[];
  };
  /**
   * The failures of this call's own rules, each with `ErrorBodySchema`, and why in a few words. The
   * 400 of a bad body and the 401 of a bad token need no entry unless this call words them its own way.
   */
  readonly errors?: Partial<Record<ErrorStatus, string>>;
}

/** What `/openapi.json` answers: an OpenAPI 3.1 document (this list, generated). */
export const OpenApiDocumentSchema = v.pipe(
  v.looseObject({
    openapi: v.string(),
    info: v.looseObject({ title: v.string(), version: v.string() }),
    paths: v.record(v.string(), v.unknown()),
  }),
  v.description('An OpenAPI 3.1 document: this contract.'),
);
