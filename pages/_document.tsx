import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';
import { CSS_VAR_KEY, THEME_BOOTSTRAP_SCRIPT } from '@/client/theme/theme-bootstrap';
import { antdStylesheet } from '@/client/theme/antd-stylesheet';
import { requestNonce } from '@/client/lib/content-security-policy';

interface AppDocumentProps extends DocumentInitialProps {
  /** This response's CSP nonce (chosen by _app with the policy header); on every script written here. */
  nonce?: string;
}

/**
 * antd's styles come from one static stylesheet made by the build (scripts/lib/antd-stylesheet.ts),
 * linked before Next's own CSS so the app's rules win ties, cached by the browser across pages and
 * versions of the HTML; nothing is collected or inlined per request. Every script carries the
 * request's CSP nonce (lib/content-security-policy.ts). `<body>` carries antd's CSS-variable class, so
 * the theme's `--ant-*` variables reach what is drawn without antd (the header, the start page).
 */
export default class AppDocument extends Document<AppDocumentProps> {
  static async getInitialProps(ctx: DocumentContext): Promise<AppDocumentProps> {
    const initialProps = await Document.getInitialProps(ctx);
    return { ...initialProps, nonce: requestNonce(ctx.req) };
  }

  render() {
    const { nonce } = this.props;
    const stylesheet = antdStylesheet();
    return (
      // dark until the bootstrap script runs: the spec's default theme, and the one without JavaScript.
      <Html lang="en" data-theme="dark" suppressHydrationWarning>
        <Head nonce={nonce}>
          {/* Runs before paint: `data-theme` picks the stored theme's variables in the stylesheet below. */}
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOTSTRAP_SCRIPT }} />
          {stylesheet && <link rel="stylesheet" href={stylesheet.href} />}
        </Head>
        <body className={CSS_VAR_KEY}>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
