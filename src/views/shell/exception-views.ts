/** The not-found and access-denied pages, loaded only when shown: antd's Result brings their illustrations. */
export { AccessDeniedView } from './access-denied.view';
export { NotFoundView } from './not-found.view';
