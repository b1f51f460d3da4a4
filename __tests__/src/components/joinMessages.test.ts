import { joinMessages, repeatsMessage } from '../../../src/components/joinMessages';
import { fileErrorMessage } from '../../../src/features/files/fileErrorMessage';
import { initTestI18n } from '../testI18n';

const join = (text: string, detail: string) => `${text} (${detail})`;

describe('joinMessages', () => {
  it('adds a detail that says something new', () => {
    expect(joinMessages('The file is too large for this action.', 'Uploads are limited to 100 MiB.', join)).toBe('The file is too large for this action. (Uploads are limited to 100 MiB.)');
  });

  it.each([
    ['the same sentence', 'A role with this name already exists.', 'A role with this name already exists'],
    ['nearly the same words', 'A file or folder with this name already exists.', 'A file or folder with that name already exists.'],
    ['the same ending naming the thing', 'A file or folder with this name already exists.', '"world/level.dat" already exists.'],
  ])('does not repeat %s', (_case, text, detail) => {
    expect(repeatsMessage(text, detail)).toBe(true);
    expect(joinMessages(text, detail, join)).not.toContain('(');
  });

  it('keeps the more specific of two that say the same', () => {
    expect(joinMessages('Already exists.', '"world" already exists.', join)).toBe('"world" already exists.');
  });
});

describe('file error messages', () => {
  const t = initTestI18n().t;
  it('a 409 whose message repeats the sentence says it once', () => {
    const text = fileErrorMessage(t, { status: 409, data: { message: 'A file or folder with that name already exists.' } });
    expect(text.match(/already exists/g)).toHaveLength(1);
  });

  it('a 409 naming the path says it once, with the path', () => {
    expect(fileErrorMessage(t, { status: 409, data: { message: '"plugins" already exists.' } })).toBe('"plugins" already exists.');
  });
});
