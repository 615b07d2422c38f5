import { Button, Result } from 'antd';
import { Link } from 'wouter';
import { ErrorText } from '../../model/messages';
import { Paths } from '../../model/shell/navigation';
import { IllustrationColours, ILLUSTRATION_CLASS } from './theme';
import { useDocumentTitle } from './page';
import { ShellText } from '../../model/shell/shell-texts';

/** A path that belongs to no page: said plainly, with the way back to the portal's home. */
export function NotFoundView() {
  useDocumentTitle(ErrorText.notFound);
  return (
    <>
      <IllustrationColours />
      <Result
        status="404"
        title={ErrorText.notFound}
        classNames={{ icon: ILLUSTRATION_CLASS }}
        extra={
          <Link href={Paths.home} asChild>
            <Button type="primary">{ShellText.backHome}</Button>
          </Link>
        }
      />
    </>
  );
}
