import { browserPerFile, fillLogin, logOutThroughMenu, newContext, pathOf, registerFanByApi, signedInPage } from './support/browser';

const suite = browserPerFile();

describe('changing the password in the browser (issue 15: the current password is required)', () => {
  it('a fan gives the current password, signs out and signs in with the new one; a wrong one shows under its field', async () => {
    const fan = await registerFanByApi('Careful Fan');

    const page = await signedInPage(suite.browser, suite.contexts, fan.username, fan.password, '/home');
    await page.goto('/user/account');
    const form = page.locator('form#password');
    await form.getByLabel('Current password').waitFor();

    // A wrong current password is refused in place and changes nothing.
    await form.getByLabel('Current password').fill('not the password');
    await form.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await form.getByLabel('Confirm new password').fill('a brand new secret');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your current password is incorrect').waitFor();

    await form.getByLabel('Current password').fill(fan.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Changes saved').first().waitFor();

    await logOutThroughMenu(page);

    await fillLogin(page, fan.username, fan.password);
    await page.getByText('Incorrect username or password').waitFor();
    await fillLogin(page, fan.username, 'a brand new secret');
    await page.waitForURL('**/home');
    expect(await pathOf(page)).toBe('/home');
  });

  it('an email change waits for the link and the account page says where it went', async () => {
    const fan = await registerFanByApi('Moving Fan');
    const context = await newContext(suite.browser);
    suite.contexts.push(context);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await fillLogin(page, fan.username, fan.password);
    await page.waitForURL('**/home');
    await page.goto('/user/account');
    const form = page.locator('form#account');
    await form.getByLabel('Email').fill(`moved-${fan.username}@example.com`);
    await form.getByLabel('Current password').fill(fan.password);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`We sent a confirmation link to moved-${fan.username}@example.com`).first().waitFor();
    expect(await form.getByLabel('Email').inputValue()).toBe(fan.email);
  });
});
