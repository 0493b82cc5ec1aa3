import {
  ACTION_SUCCESS,
  CHANGES_SAVED,
  COPIED,
  GENERIC_UPDATE_ERROR,
  getErrorMessage,
  INCORRECT_CREDENTIALS,
  messageOf,
} from '@/client/lib/error-message';

describe('error messages', () => {
  it('has the spec 8 wording', () => {
    expect(INCORRECT_CREDENTIALS).toBe('Incorrect credentials!');
    expect(GENERIC_UPDATE_ERROR).toBe('Error occurred, please try again later');
    expect(CHANGES_SAVED).toBe('Changes saved');
    expect(ACTION_SUCCESS).toBe('Action success');
    expect(COPIED).toBe('Copied to clipboard');
  });

  it('getErrorMessage: the message, else the error text, else the generic sentence', () => {
    expect(getErrorMessage({ statusCode: 400, error: 'Bad Request', message: 'Too short' })).toBe('Too short');
    expect(getErrorMessage({ statusCode: 400, error: 'Bad Request', message: '' })).toBe('Bad Request');
    expect(getErrorMessage(new Error('Forbidden in the action!'))).toBe('Forbidden in the action!');
    expect(getErrorMessage('plain text')).toBe('plain text');
    expect(getErrorMessage({ message: ['a', 'b'] })).toBe('a, b');
    expect(getErrorMessage(null)).toBe('Something went wrong, please try again later');
    expect(getErrorMessage({})).toBe('Something went wrong, please try again later');
    expect(getErrorMessage(undefined, 'Custom')).toBe('Custom');
  });

  it('a network failure (status 0, no answer) is no server message: each screen shows its own fallback', () => {
    const offline = { statusCode: 0, error: 'Network Error', message: 'Something went wrong, please try again later' };
    expect(messageOf(offline)).toBeUndefined();
    expect(getErrorMessage(offline, INCORRECT_CREDENTIALS)).toBe('Incorrect credentials!');
    expect(getErrorMessage(offline, GENERIC_UPDATE_ERROR)).toBe('Error occurred, please try again later');
    expect(getErrorMessage(offline)).toBe('Something went wrong, please try again later');
  });

  it('messageOf is undefined when there is nothing to show', () => {
    expect(messageOf({ statusCode: 500 })).toBeUndefined();
    expect(messageOf(42)).toBeUndefined();
  });
});

describe('messageOf', () => {
  it('is only the message: error text is not a server message', () => {
    expect(messageOf({ statusCode: 500, error: 'Internal Server Error', message: '' })).toBeUndefined();
    expect(messageOf({ message: 'Taken' })).toBe('Taken');
  });
});
