import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Paths, providerHomePath, SETTINGS_TAB_PATHS, SettingsPaths } from './model/shell/navigation';
import { PATIENT_PORTAL_USER_TYPES, PROVIDER_PORTAL_USER_TYPES } from './model/auth/roles';
import { selectPortal, selectUnitType } from './machines/auth/session.selectors';
import { queryClient } from './services/http/query-client';
import { lazyNamed } from './views/lazy';
import { useSession } from './views/auth/session';
import { RequireUserType } from './views/shell/guards';
import { FullPageLoading } from './views/shell/loading';
// Every signed-in page is drawn in a shell, so the shells come in this chunk: loaded on their own, they were one more
// round trip, after this chunk and before the page's, on the way to every signed-in page's first paint.
import { PatientShell, ProviderShell } from './views/shell/shells';

/** The route table of both signed-in portals, with their guards (access §2, kits §2, ordering §2). */

const exceptionViews = () => import('./views/shell/exception-views');
// Its own chunk: the settings tabs are not part of every page the shell shows.
const settingsLayout = () => import('./views/practice/settings-layout');
const accountSettings = () => import('./views/account/account-tab');
const catalogue = () => import('./views/orders/catalogue.view');
const checkout = () => import('./views/orders/checkout/checkout.view');
const orderSuccess = () => import('./views/orders/order-success.view');
const quiz = () => import('./views/orders/quiz.view');
const billingSettings = () => import('./views/practice/billing-tab');
const organizationSettings = () => import('./views/practice/organization-tab');
const whiteLabelSettings = () => import('./views/practice/white-label-tab');
const ordersList = () => import('./views/orders/list/orders.view');
const orderDetail = () => import('./views/orders/detail/order-detail.view');
const bulkOrder = () => import('./views/orders/bulk/bulk-order.view');
// Its own chunk: the tus client that carries the upload loads only on this page.
const analysisUpload = () => import('./views/orders/analysis/analysis-upload.view');
const integrations = () => import('./views/developers/integrations.view');
const teamSettings = () => import('./views/team/team.view');

const NotFoundView = lazyNamed(exceptionViews, 'NotFoundView');
const SettingsLayout = lazyNamed(settingsLayout, 'SettingsLayout');
const AccountTab = lazyNamed(accountSettings, 'AccountTab');
const BillingTab = lazyNamed(billingSettings, 'BillingTab');
const OrganizationTab = lazyNamed(organizationSettings, 'OrganizationTab');
const WhiteLabelTab = lazyNamed(whiteLabelSettings, 'WhiteLabelTab');
const TeamTab = lazyNamed(teamSettings, 'TeamTab');
const ActivityTab = lazyNamed(() => import('./views/activity/activity-tab'), 'ActivityTab');

interface PageRoute {
  path: string;
  page: ComponentType;
}

const providerRoutes: PageRoute[] = [
  { path: Paths.kits, page: lazyNamed(() => import('./views/kits/list/kits.view'), 'KitsPage') },
  { path: '/kits/:kitId', page: lazyNamed(() => import('./views/kits/detail/kit-detail.view'), 'KitDetailPage') },
  { path: '/patients', page: lazyNamed(() => import('./views/patients/patients.view'), 'PatientsPage') },
  { path: '/patients/:patientId', page: lazyNamed(() => import('./views/patients/patient-detail.view'), 'PatientDetailPage') },
  { path: Paths.integrations, page: lazyNamed(integrations, 'IntegrationsPage') },
  // The quiz's institution pages name the developer settings /developers: the same page under that address.
  { path: Paths.developers, page: lazyNamed(integrations, 'IntegrationsPage') },
  { path: '/account', page: lazyNamed(() => import('./views/account/profile/profile.view'), 'ProfilePage') },
  { path: Paths.orders, page: lazyNamed(ordersList, 'OrdersPage') },
  { path: Paths.newOrder, page: lazyNamed(catalogue, 'NewOrderPage') },
  { path: Paths.catalog, page: lazyNamed(catalogue, 'CatalogPage') },
  { path: Paths.quiz, page: lazyNamed(quiz, 'QuizPage') },
  { path: Paths.checkout, page: lazyNamed(checkout, 'CheckoutPage') },
  { path: Paths.orderSuccess, page: lazyNamed(orderSuccess, 'OrderSuccessPage') },
  { path: Paths.bulkOrder, page: lazyNamed(bulkOrder, 'BulkOrderPage') },
  { path: Paths.analysis, page: lazyNamed(analysisUpload, 'AnalysisUploadPage') },
  { path: Paths.orderDetail, page: lazyNamed(orderDetail, 'OrderDetailPage') },
];

const TeamMemberPage = lazyNamed(() => import('./views/team/team-member.view'), 'TeamMemberPage');

const patientRoutes: PageRoute[] = [
  { path: Paths.kitStatus, page: lazyNamed(() => import('./views/patient-portal/kit-status/kit-status.view'), 'PatientKitStatusPage') },
  { path: Paths.account, page: lazyNamed(() => import('./views/account/patient/account.view'), 'PatientAccountPage') },
  { path: Paths.reports, page: lazyNamed(() => import('./views/patient-portal/reports/reports.view'), 'PatientReportsPage') },
  { path: Paths.helpCenter, page: lazyNamed(() => import('./views/patient-portal/help-center/help-center.view'), 'HelpCenterPage') },
];

const providerPaths = [...providerRoutes.map((route) => route.path), Paths.settings, SettingsPaths.addTeamMember, ...SETTINGS_TAB_PATHS];
const patientPaths = patientRoutes.map((route) => route.path);
const patientsRefused: ForeignPages = {
  paths: providerPaths.filter((path) => !patientPaths.includes(path)),
  allowed: PROVIDER_PORTAL_USER_TYPES,
};
const providersRefused: ForeignPages = {
  paths: patientPaths.filter((path) => !providerPaths.includes(path)),
  allowed: PATIENT_PORTAL_USER_TYPES,
};

/** Pages of the other portal: known, but limited to the other portal's user types. */
interface ForeignPages {
  paths: readonly string[];
  allowed: readonly number[];
}

/**
 * A portal's pages: / goes to the portal's home; a page of the other portal is refused by the
 * user-type guard ("Access denied." and a soft sign-out); anything else says it was not found.
 */
function Pages({ home, routes, foreign, children }: { home: string; routes: PageRoute[]; foreign: ForeignPages; children?: ReactNode }) {
  return (
    <Suspense fallback={<FullPageLoading />}>
      <Switch>
        <Route path={Paths.home}>
          <Redirect to={home} replace />
        </Route>
        {routes.map(({ path, page: Page }) => (
          <Route key={path} path={path} component={Page} />
        ))}
        {children}
        {foreign.paths.map((path) => (
          <Route key={`foreign ${path}`} path={path}>
            <RequireUserType allowed={foreign.allowed} />
          </Route>
        ))}
        <Route component={NotFoundView} />
      </Switch>
    </Suspense>
  );
}

function ProviderPages() {
  const unitType = useSession(selectUnitType);
  return (
    <Pages home={providerHomePath(unitType ?? 0)} routes={providerRoutes} foreign={providersRefused}>
      <Route path={Paths.settings}>
        <Redirect to={SettingsPaths.account} replace />
      </Route>
      <Route path={SettingsPaths.addTeamMember}>
        <TeamMemberPage />
      </Route>
      <Route path={SettingsPaths.account}>
        <SettingsLayout>
          <AccountTab />
        </SettingsLayout>
      </Route>
      <Route path={SettingsPaths.organization}>
        <SettingsLayout>
          <OrganizationTab />
        </SettingsLayout>
      </Route>
      <Route path={SettingsPaths.billing}>
        <SettingsLayout>
          <BillingTab />
        </SettingsLayout>
      </Route>
      <Route path={SettingsPaths.team}>
        <SettingsLayout>
          <TeamTab />
        </SettingsLayout>
      </Route>
      <Route path={SettingsPaths.reports}>
        <SettingsLayout>
          <WhiteLabelTab />
        </SettingsLayout>
      </Route>
      <Route path={SettingsPaths.activity}>
        <SettingsLayout>
          <ActivityTab />
        </SettingsLayout>
      </Route>
      {SETTINGS_TAB_PATHS.map((path) => (
        <Route key={path} path={path}>
          <SettingsLayout />
        </Route>
      ))}
    </Pages>
  );
}

/** Patient users get the patient portal; provider and practice types the provider portal; anyone else is refused. */
export function Portal() {
  return (
    <QueryClientProvider client={queryClient}>
      <PortalOfUser />
    </QueryClientProvider>
  );
}

function PortalOfUser() {
  const portal = useSession(selectPortal);
  if (portal === 'patient') {
    return (
      <RequireUserType allowed={PATIENT_PORTAL_USER_TYPES}>
        <PatientShell>
          <Pages home={Paths.kitStatus} routes={patientRoutes} foreign={patientsRefused} />
        </PatientShell>
      </RequireUserType>
    );
  }
  return (
    <RequireUserType allowed={PROVIDER_PORTAL_USER_TYPES}>
      <ProviderShell>
        <ProviderPages />
      </ProviderShell>
    </RequireUserType>
  );
}
