import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Paths } from '../../model/shell/navigation';
import { QuizText } from '../../model/orders/quiz';

/** A step's heading, introduction and the pages it leads to, each a plain link to a page of its own (/analysis, /orders/bulk, /developers). */
function InstitutionPage({ title, intro, children, links }: { title: string; intro: string; children?: ReactNode; links: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      {children}
      <Flex wrap gap={12}>
        {links}
      </Flex>
    </section>
  );
}

function PageLink({ href, label, primary = false }: { href: string; label: string; primary?: boolean }) {
  return (
    <Link href={href} asChild>
      <Button type={primary ? 'primary' : 'default'}>{label}</Button>
    </Link>
  );
}

/** Step 4: lab-only sample processing, for institutions that send their own samples. */
export function LabProcessingStep() {
  return (
    <InstitutionPage
      title={QuizText.labProcessingTitle}
      intro={QuizText.labProcessingIntro}
      links={
        <>
          <PageLink href={Paths.bulkOrder} label={QuizText.manifestUpload} primary />
          <PageLink href={Paths.developers} label={QuizText.developers} />
        </>
      }
    />
  );
}

/** Step 6: analysis only, where the IDAT files are uploaded as one zip. */
export function AnalysisStep() {
  return (
    <InstitutionPage
      title={QuizText.analysisTitle}
      intro={QuizText.analysisIntro}
      links={
        <>
          <PageLink href={Paths.analysis} label={QuizText.uploadIdat} primary />
          <PageLink href={Paths.bulkOrder} label={QuizText.manifestUpload} />
          <PageLink href={Paths.developers} label={QuizText.developers} />
        </>
      }
    >
      <ul>
        <li>{QuizText.analysisUploadLimit}</li>
        <li>{QuizText.analysisReportTime}</li>
      </ul>
    </InstitutionPage>
  );
}
