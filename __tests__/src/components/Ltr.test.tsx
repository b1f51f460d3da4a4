import { screen } from '@testing-library/react';
import { Ltr } from '../../../src/components/Ltr';
import { renderWithProviders } from '../renderWithProviders';

describe('Ltr', () => {
  it('isolates code-like text as left to right inside a right-to-left page', () => {
    renderWithProviders(
      <p dir="rtl">
        الأذونات <Ltr>-rw-r--r--</Ltr> و <Ltr>127.0.0.1:25565</Ltr>
      </p>,
    );
    for (const text of ['-rw-r--r--', '127.0.0.1:25565']) {
      const island = screen.getByText(text);
      expect(island.tagName).toBe('BDI');
      expect(island).toHaveAttribute('dir', 'ltr');
      // The characters stay in their order; the browser's bidi algorithm is kept out by the isolate.
      expect(island.textContent).toBe(text);
    }
  });
});
