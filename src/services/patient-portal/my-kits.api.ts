import * as v from 'valibot';
import { KitSchema, type Kit } from '../../model/kits/kit';
import { http, type HttpClient } from '../http/http';

interface Call {
  signal?: AbortSignal;
}

/** `GET /Kits/My` answers a plain array (contract decisions), each kit read as leniently as the provider's. */
const MyKitsSchema = v.array(KitSchema);

/** Kits §7: the patient portal's own kits, one of them by its barcode, and the ready ones with their reports (contract decisions). */
export function createMyKitsApi(client: HttpClient) {
  return {
    /** Every kit of the signed-in patient. */
    list(options: Call = {}): Promise<Kit[]> {
      return client.read(MyKitsSchema, '/Kits/My', { signal: options.signal });
    },
    /** One of the signed-in patient's kits; any other barcode is a failure (404), like a kit that does not exist. */
    get(barcode: string, options: Call = {}): Promise<Kit> {
      return client.read(KitSchema, `/Kits/${encodeURIComponent(barcode)}/My`, { signal: options.signal });
    },
    /** `GET /Reports/My`: the kits whose results are ready, each with its reports, as `GET /Kits/My` answers kits. */
    reports(options: Call = {}): Promise<Kit[]> {
      return client.read(MyKitsSchema, '/Reports/My', { signal: options.signal });
    },
  };
}

export const myKitsApi = createMyKitsApi(http);
