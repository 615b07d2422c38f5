import { API_BASE_PATH } from '../../model/constants';
import { API_REFERENCE_PATH } from '../../model/developers/webhook-rules';
import { config } from '../http/config';

/** Kits §2 "Link to the API documentation": the readable API reference, below the API base the app calls. */
export const apiReferenceUrl = `${config.apiBasePath ?? API_BASE_PATH}${API_REFERENCE_PATH}`;
