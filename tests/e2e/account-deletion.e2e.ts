import { api, browserPerFile, fillLogin, newContext, registerFanByApi, signedInPage } from './support/browser';

const suite = browserPerFile();

describe('account deletion in the browser', () => {
  it('a fan deletes their account with the password, is signed out with a goodbye, and cannot sign in again', async () => {
    const fan = await registerFanByApi('Leaving Fan');

    const page = await signedInPage(suite.browser, suite.contexts, fan.username, fan.password, '/home');
    await page.goto('/user/account');
    await page.getByText('Delete account', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Delete your account for good?').waitFor();

    // A wrong password is refused in place; nothing happens.
    await dialog.getByLabel('Your password').fill('not the password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Your current password is incorrect').waitFor();

    await dialog.getByLabel('Your password').fill(fan.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/account-deleted');
    await page.getByText('Your account has been deleted').waitFor();
    // It stays there: nothing asks the API with the dead token and bounces to the sign-in page.
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/account-deleted');
    expect((await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '').toBe('');

    // Signing in again fails, in a fresh browser too.
    const context = await newContext(suite.browser);
    suite.contexts.push(context);
    const again = await context.newPage();
    await again.goto('/auth/login');
    await fillLogin(again, fan.username, fan.password);
    await again.getByText(/Incorrect credentials|incorrect/i).first().waitFor();
    expect(new URL(again.url()).pathname).toBe('/auth/login');
    expect((await api('POST', '/auth/login', { username: fan.email, password: fan.password })).status).toBe(401);
  });
});
