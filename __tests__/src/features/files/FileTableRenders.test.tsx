import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { act, configure, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { FileRow } from '../../../../src/features/files/list/fileRow';
import { FileTable } from '../../../../src/features/files/list/FileTable';
import { useStableHandler } from '../../../../src/components/useStableHandler';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { installViewport } from '../../helpers/viewport';
import { renderWithProviders } from '../../renderWithProviders';
import { makeFile } from './filesFixture';

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);

/** Rows that count how often the list reads their names (each render of a row reads it). */
function countedRows(count: number) {
  const reads = { count: 0 };
  const rows = Array.from({ length: count }, (_, index) => {
    const name = `file-${String(index).padStart(4, '0')}.txt`;
    const row = { ...makeFile(name), path: `/${name}` } as FileRow;
    Object.defineProperty(row, 'name', {
      get: () => {
        reads.count += 1;
        return name;
      },
    });
    return row;
  });
  return { rows, reads };
}

const NONE: string[] = [];
const ignore = () => undefined;

describe('the file list of a large folder', () => {
  it('is not rendered again when the page around it renders with the same rows and handlers', async () => {
    installViewport(1440);
    const { rows, reads } = countedRows(2000);
    function Page() {
      const [renders, setRenders] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setRenders(renders + 1)}>
            Render the page ({renders})
          </button>
          <FileTable rows={rows} loading={false} selectedPaths={NONE} onSelect={ignore} onOpen={ignore} onMenu={ignore} />
        </>
      );
    }
    renderWithProviders(
      <StyleProvider mock="server" cache={createCache()}>
        <Page />
      </StyleProvider>,
      { preloadedState: loggedIn(makeUser()) },
    );
    expect(await screen.findByText('file-0000.txt')).toBeInTheDocument();
    const before = reads.count;
    expect(before).toBeGreaterThan(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Render the page (0)' }));
    expect(await screen.findByRole('button', { name: 'Render the page (1)' })).toBeInTheDocument();
    expect(reads.count).toBe(before);
  });

  it('gets handlers that keep their identity and still call the latest function', () => {
    const calls: string[] = [];
    const { result, rerender } = renderHook(({ label }) => useStableHandler((value: string) => calls.push(`${label}:${value}`)), { initialProps: { label: 'first' } });
    const handler = result.current;
    rerender({ label: 'second' });
    expect(result.current).toBe(handler);
    act(() => {
      result.current('row');
    });
    expect(calls).toEqual(['second:row']);
  });
});
