import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';
import { THEME_BOOTSTRAP_SCRIPT } from '@/client/theme/theme-bootstrap';
import { requestNonce } from '@/client/lib/content-security-policy';

interface AppDocumentProps extends DocumentInitialProps {
  /** This response's CSP nonce (chosen by _app with the policy header); on every script written here. */
  nonce?: string;
}

/**
 * antd's pages-router SSR recipe: render the app inside a StyleProvider with a fresh cache, then
 * inline the collected CSS so the first paint is styled (dependencies.md, problem 1). Every script
 * carries the request's CSP nonce (lib/content-security-policy.ts).
 */
export default class AppDocument extends Document<AppDocumentProps> {
  static async getInitialProps(ctx: DocumentContext): Promise<AppDocumentProps> {
    const cache = createCache();
    const originalRenderPage = ctx.renderPage;
    ctx.renderPage = () =>
      originalRenderPage({
        enhanceApp: (App) =>
          function StyledApp(props) {
            return (
              <StyleProvider cache={cache}>
                <App {...props} />
              </StyleProvider>
            );
          },
      });
    const initialProps = await Document.getInitialProps(ctx);
    const css = extractStyle(cache, true);
    const nonce = requestNonce(ctx.req);
    return {
      ...initialProps,
      nonce,
      styles: (
        <>
          {initialProps.styles}
          <style id="antd-ssr" nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
        </>
      ),
    };
  }

  render() {
    const { nonce } = this.props;
    return (
      <Html lang="en" suppressHydrationWarning>
        <Head nonce={nonce}>
          {/* Runs before paint so the page background matches the stored theme (no white flash). */}
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_BOOTSTRAP_SCRIPT }} />
        </Head>
        <body>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
