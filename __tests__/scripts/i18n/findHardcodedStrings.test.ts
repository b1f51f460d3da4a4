import { findHardcodedStrings } from '../../../scripts/i18n/findHardcodedStrings';
import { parseSource } from '../../../scripts/i18n/sourceFiles';

const scan = (text: string, path = 'src/features/x/X.tsx') => findHardcodedStrings([parseSource(path, text)]);

describe('findHardcodedStrings', () => {
  it('accepts text that goes through i18next, punctuation, numbers and Trans children', () => {
    expect(
      scan(`
        export const A = () => (
          <div title={t('a.title', 'Title')} aria-label={t('a.label', 'Label')}>
            {t('a.text', 'Hello')} · 42 %
            <Trans i18nKey="a.trans">Read the guide</Trans>
            <Input placeholder={t('a.placeholder', 'Name')} />
          </div>
        );
      `),
    ).toEqual([]);
  });

  it('reports JSX text and literals in visible props, including branches and templates', () => {
    const problems = scan(
      [
        'export const A = () => (',
        '  <Card title="Servers">',
        '    Welcome back',
        '    <Input placeholder={busy ? t("a.b", "Wait") : "Type here"} />',
        '    <Button aria-label={`Close ${name}`} />',
        '  </Card>',
        ');',
      ].join('\n'),
    );
    expect(problems).toEqual([
      expect.stringMatching(/X\.tsx:2: title= "Servers" is not translated/),
      expect.stringMatching(/X\.tsx:3: text "Welcome back" is not translated/),
      expect.stringMatching(/X\.tsx:4: placeholder= "Type here" is not translated/),
      expect.stringMatching(/X\.tsx:5: aria-label= "Close" is not translated/),
    ]);
  });

  it('reports visible object properties such as notification messages and menu labels', () => {
    const problems = scan(`notification.open({ message: 'Saved', description: t('x.y', 'Done') });\nconst items = [{ key: 'a', label: 'Account' }];`);
    expect(problems).toEqual([expect.stringMatching(/:1: message: "Saved"/), expect.stringMatching(/:2: label: "Account"/)]);
  });

  it('honours i18n-ignore on the same line or the line above', () => {
    expect(scan(`const A = () => (\n  <span>\n    {/* i18n-ignore */}\n    Minecraft\n    <b title="Ω units">x</b> {/* i18n-ignore */}\n  </span>\n);`)).toEqual([]);
  });

  it('scans only .tsx files', () => {
    expect(scan(`const o = { title: 'Plain' };`, 'src/app/o.ts')).toEqual([]);
  });
});
