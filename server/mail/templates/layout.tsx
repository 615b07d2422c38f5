import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

/**
 * The frame of every message. Mail clients drop style sheets, so the styles are inline (react-email writes them as
 * style attributes): dark grey on white and white on the button's blue are above 4.5:1, the column is at most 600 px
 * wide and shrinks with a phone's screen, and the one heading is a real h1.
 */

const colours = { text: '#1f2937', muted: '#4b5563', link: '#1d4ed8', rule: '#d1d5db', page: '#ffffff' } as const;

export const styles = {
  body: { backgroundColor: colours.page, color: colours.text, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 },
  container: { maxWidth: '600px', width: '100%', padding: '24px 16px' },
  heading: { fontSize: '22px', lineHeight: '30px', margin: '0 0 16px', color: colours.text },
  text: { fontSize: '16px', lineHeight: '24px', color: colours.text },
  button: {
    backgroundColor: colours.link,
    color: '#ffffff',
    borderRadius: '6px',
    padding: '12px 20px',
    fontSize: '16px',
    fontWeight: 600,
    textDecoration: 'none',
  },
  link: { color: colours.link, textDecoration: 'underline' },
  footer: { fontSize: '13px', lineHeight: '20px', color: colours.muted },
  rule: { borderColor: colours.rule, margin: '24px 0' },
} as const;

export const LayoutText = {
  brand: 'Diagnostics Portal',
  automatic: 'This message was sent automatically; replies are not read.',
  unsubscribe: 'Turn off these e-mail notifications',
} as const;

export function Paragraph({ children }: { readonly children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

export function Layout(props: {
  readonly preview: string;
  readonly heading: string;
  readonly children: ReactNode;
  readonly unsubscribeLink?: string;
}) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{props.heading}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.footer}>{LayoutText.brand}</Text>
          <Heading as="h1" style={styles.heading}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr style={styles.rule} />
          <Text style={styles.footer}>{LayoutText.automatic}</Text>
          {props.unsubscribeLink ? (
            <Text style={styles.footer}>
              <Link href={props.unsubscribeLink} style={styles.link}>
                {LayoutText.unsubscribe}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
