import { Button, Flex, Result } from 'antd';
import { Link } from 'wouter';
import { Paths } from '../../model/shell/navigation';
import { IllustrationColours, ILLUSTRATION_CLASS } from './theme';
import { useDocumentTitle } from './page';
import './shell.css';
import { AuthPageText } from '../../model/auth/auth-texts';
import { GuardText } from '../../model/shell/shell-texts';

/** Where the user-type guard sends a refused user, already softly signed out. */
export function AccessDeniedView() {
  useDocumentTitle(GuardText.accessDenied);
  return (
    <Flex align="center" justify="center" className="shell-full-page">
      <IllustrationColours />
      <Result
        status="403"
        title={GuardText.accessDenied}
        subTitle={GuardText.contactAdministrator}
        classNames={{ icon: ILLUSTRATION_CLASS }}
        extra={
          <Link href={Paths.signIn} asChild>
            <Button type="primary">{AuthPageText.backToSignIn}</Button>
          </Link>
        }
      />
    </Flex>
  );
}
