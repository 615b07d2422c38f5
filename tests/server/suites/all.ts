import type { TestServer } from '../support/harness';
import { errorsSuite } from './errors.suite';
import { kitsSuite } from './kits.suite';
import { manifestSuite } from './manifest.suite';
import { orderingCatalogueSuite } from './ordering-catalogue.suite';
import { orderingListSuite } from './ordering-list.suite';
import { orderingOrdersSuite } from './ordering-orders.suite';
import { orderingPaymentsSuite } from './ordering-payments.suite';
import { passwordSuite } from './password.suite';
import { patientsSuite } from './patients.suite';
import { paymentsSuite } from './payments.suite';
import { practicesSuite } from './practices.suite';
import { refreshSuite } from './refresh.suite';
import { reportsSuite } from './reports.suite';
import { resourcesSuite } from './resources.suite';
import { signInSuite } from './sign-in.suite';
import { switchMigrateSuite } from './switch-migrate.suite';
import { testSupportSuite } from './test-support.suite';
import { tokensSuite } from './tokens.suite';
import { usersSuite } from './users.suite';
import { validationSuite } from './validation.suite';
import { whiteLabelSuite } from './white-label.suite';

/** Every API suite, so that each storage adapter runs the same list. */
export function apiSuites(server: () => TestServer) {
  signInSuite(server);
  refreshSuite(server);
  passwordSuite(server);
  switchMigrateSuite(server);
  resourcesSuite(server);
  validationSuite(server);
  errorsSuite(server);
  tokensSuite(server);
  testSupportSuite(server);
  orderingCatalogueSuite(server);
  orderingOrdersSuite(server);
  orderingListSuite(server);
  orderingPaymentsSuite(server);
  manifestSuite(server);
  paymentsSuite(server);
  practicesSuite(server);
  whiteLabelSuite(server);
  kitsSuite(server);
  reportsSuite(server);
  patientsSuite(server);
  usersSuite(server);
}
