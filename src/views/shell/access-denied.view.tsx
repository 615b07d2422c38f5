import { Button, Flex, Result } from 'antd';
import { Link } from 'wouter';
import { AuthPageText, GuardText } from '../../model/messages';
import { Paths } from '../../model/navigation';

/** Where the user-type guard sends a refused user, already softly signed out. */
export function AccessDeniedView() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="403"
        title={GuardText.accessDenied}
        subTitle={GuardText.contactAdministrator}
        extra={
          <Link href={Paths.signIn} asChild>
            <Button type="primary">{AuthPageText.backToSignIn}</Button>
          </Link>
        }
      />
    </Flex>
  );
}
