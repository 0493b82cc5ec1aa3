import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ContactForm } from '@/client/features/contact/components/contact-form';
import { updateUIValue } from '@/client/features/ui/ui.slice';
import { updateSettings } from '@/client/features/settings/settings.slice';
import { SiteFooter } from '@/client/layouts/site-footer';
import { toast } from '@/client/lib/toast';
import { makeStore } from '@/client/store/store';
import { api, installMswServer, server } from '../../../support/msw';
import { buttonWithText } from '../../../support/queries';
import { makeUser } from '../../fixtures';
import { renderWithStore } from '../videos/render-video';

jest.mock('next/router', () => ({ __esModule: true, default: { push: jest.fn(), replace: jest.fn() }, useRouter: () => ({ asPath: '/contact', pathname: '/contact', query: {}, push: jest.fn() }) }));
jest.setTimeout(180_000);
installMswServer();

function serve(answer?: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post(api('/contact'), async ({ request }) => {
      sent.push(await request.json());
      return answer?.() ?? HttpResponse.json({ data: { message: 'Action success' } });
    }),
    http.get(api('/follows/following/ids'), () => HttpResponse.json({ data: [] })),
    http.get(api('/messages/total-unread-messages'), () => HttpResponse.json({ data: { total: 0 } })),
    http.get(api('/posts/search'), () => HttpResponse.json({ data: { data: [], total: 0 } })),
  );
  return sent;
}

beforeEach(() => {
  jest.spyOn(toast, 'success').mockImplementation(() => undefined);
  jest.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
function fill(values: Partial<Record<'Your name' | 'Email' | 'Subject' | 'Message', string>>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
}
const submit = () => act(async () => { fireEvent.click(buttonWithText('Send message')); });

describe('the contact form', () => {
  it('fills in a signed-in person’s name and email', async () => {
    serve();
    renderWithStore(<ContactForm />, makeUser({ name: 'Dana Fan', email: 'dana@example.com' }));
    await waitFor(() => expect(field('Your name')).toHaveValue('Dana Fan'));
    expect(field('Email')).toHaveValue('dana@example.com');
  });

  it('checks every field before sending', async () => {
    const sent = serve();
    renderWithStore(<ContactForm />);
    fill({ Email: 'not-an-address' });
    await submit();
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject')).toBeInTheDocument();
    expect(screen.getByText('Please enter a message')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the trimmed fields and says it was sent', async () => {
    const sent = serve();
    renderWithStore(<ContactForm />);
    fill({ 'Your name': ' Ana ', Email: ' ana@example.com', Subject: 'Billing ', Message: '  Charged twice\nThanks  ' });
    await submit();
    expect(await screen.findByText('Thank you, your message was sent')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Ana', email: 'ana@example.com', subject: 'Billing', message: 'Charged twice\nThanks' }]);
    expect(toast.success).toHaveBeenCalledWith('Action success');
    await act(async () => { fireEvent.click(buttonWithText('Send another message')); });
    expect(field('Subject')).toHaveValue('');
  });

  it('shows the server’s problems under their fields', async () => {
    serve(() => HttpResponse.json(
      { statusCode: 400, error: 'Bad Request', message: 'Please enter a valid email address; Please enter a subject', details: [
        { field: 'email', message: 'Please enter a valid email address' }, { field: 'subject', message: 'Please enter a subject' },
      ] },
      { status: 400 },
    ));
    renderWithStore(<ContactForm />);
    fill({ 'Your name': 'Ana', Email: 'ana@example.com', Subject: 'Hi', Message: 'Hello' });
    await submit();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a subject')).toBeInTheDocument();
    expect(screen.queryByText('Thank you, your message was sent')).not.toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('tells the person when they sent too many', async () => {
    const limited = 'You have sent several messages already; please try again in 42 minutes';
    serve(() => HttpResponse.json({ statusCode: 429, error: 'Too Many Requests', message: limited }, { status: 429 }));
    renderWithStore(<ContactForm />);
    fill({ 'Your name': 'Ana', Email: 'ana@example.com', Subject: 'Hi', Message: 'Hello' });
    await submit();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(limited));
    expect(field('Message')).toHaveValue('Hello');
  });
});

describe('the footer', () => {
  it('links the contact page once, even when a footer menu links it too', async () => {
    serve();
    const store = makeStore();
    store.dispatch(updateUIValue({ menus: [{ title: 'Write to us', path: '/contact', section: 'footer' }] }));
    renderWithStore(<SiteFooter />, undefined, store);
    const links = [...document.querySelectorAll('nav[aria-label="Footer"] a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([['Write to us', '/contact']]);
  });
});

describe('the contact form with reCAPTCHA on', () => {
  let solve: ((token: string) => void) | null = null;
  const render = jest.fn();
  beforeEach(() => {
    solve = null;
    render.mockReset().mockImplementation((_el: HTMLElement, params: { callback: (t: string) => void }) => {
      solve = params.callback;
      return 0;
    });
    // Google's script, as it is once loaded: the form renders its box through it.
    window.grecaptcha = { render, reset: jest.fn() };
  });
  afterEach(() => { delete window.grecaptcha; });

  const storeWithRecaptcha = () => {
    const store = makeStore();
    store.dispatch(updateSettings({ reCaptchaEnabled: true, reCaptchaSiteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI' }));
    return store;
  };
  const seenHeaders: (string | null)[] = [];
  function serveWithHeaders() {
    seenHeaders.length = 0;
    server.use(http.post(api('/contact'), ({ request }) => {
      seenHeaders.push(request.headers.get('x-recaptcha-token'));
      return HttpResponse.json({ data: { message: 'Action success' } });
    }));
  }

  it('shows the box, sends nothing until it is solved, then sends the token in the header', async () => {
    serve();
    serveWithHeaders();
    renderWithStore(<ContactForm />, undefined, storeWithRecaptcha());
    await waitFor(() => expect(render).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ sitekey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI' })));
    fill({ 'Your name': 'Ana', Email: 'ana@example.com', Subject: 'Billing', Message: 'Hello' });
    await submit();
    expect(await screen.findByText('Please confirm that you are not a robot')).toBeInTheDocument();
    expect(seenHeaders).toEqual([]);
    act(() => solve!('token-from-google'));
    await waitFor(() => expect(screen.queryByText('Please confirm that you are not a robot')).not.toBeInTheDocument());
    await submit();
    expect(await screen.findByText('Thank you, your message was sent')).toBeInTheDocument();
    expect(seenHeaders).toEqual(['token-from-google']);
  });

  it('loads no reCAPTCHA script and shows no box while it is off', async () => {
    delete window.grecaptcha;
    serve();
    renderWithStore(<ContactForm />);
    expect(screen.queryByTestId('recaptcha-widget')).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="recaptcha"]')).toBeNull();
  });
});
