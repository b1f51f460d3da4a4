import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { RenderAfterContent } from '../../../src/components/RenderAfterContent';

/** The page's own content, noting whether the later section was already in the page when it was first committed. */
function Content({ onCommit }: { onCommit: (laterThere: boolean) => void }) {
  useLayoutEffect(() => {
    onCommit(document.querySelector('[data-testid="later"]') !== null);
  }, [onCommit]);
  return <p>figures</p>;
}

describe('RenderAfterContent', () => {
  it('leaves its children out of the page’s first commit and renders them right after', async () => {
    const commits: boolean[] = [];
    const note = (laterThere: boolean) => commits.push(laterThere);
    render(
      <>
        <Content onCommit={note} />
        <RenderAfterContent>
          <section data-testid="later">crash policy</section>
        </RenderAfterContent>
      </>,
    );
    expect(commits).toEqual([false]);
    expect(await screen.findByTestId('later')).toHaveTextContent('crash policy');
  });
});
