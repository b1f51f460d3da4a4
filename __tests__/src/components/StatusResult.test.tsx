import { render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { StatusResult, type ResultStatus } from '../../../src/components/StatusResult';

/** The colour as jsdom reports it in a style (rgb(…)). */
function asStyleColour(colour: string): string {
  const probe = document.createElement('span');
  probe.style.color = colour;
  return probe.style.color;
}

describe('StatusResult', () => {
  it('shows the title, the explanation and the actions', () => {
    render(<StatusResult status="404" title={<h1>Page not found</h1>} subTitle="There is nothing here." extra={<button type="button">Back</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('There is nothing here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it.each<[ResultStatus, string, keyof ReturnType<typeof theme.getDesignToken>]>([
    ['403', 'lock', 'colorWarning'],
    ['404', 'file-search', 'colorInfo'],
    ['500', 'warning', 'colorError'],
    ['error', 'close-circle', 'colorError'],
    ['success', 'check-circle', 'colorSuccess'],
  ])('draws %s with a small icon (%s) in the theme’s colour, not an illustration', (status, icon, colour) => {
    const { container } = render(<StatusResult status={status} title="Title" />);
    const drawn = container.querySelector(`.anticon-${icon}`);
    expect(drawn).not.toBeNull();
    expect(container.querySelectorAll('svg')).toHaveLength(1);
    expect((drawn?.parentElement as HTMLElement).style.color).toBe(asStyleColour(String(theme.getDesignToken()[colour])));
    // The title already says it: the icon is not announced.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('draws the icon it is given instead of the status’s', () => {
    const { container } = render(<StatusResult status="403" title="Title" icon={<span data-testid="own-icon" />} />);
    expect(screen.getByTestId('own-icon')).toBeInTheDocument();
    expect(container.querySelector('.anticon-lock')).toBeNull();
  });

  it('leaves out the explanation and the actions when there are none', () => {
    const { container } = render(<StatusResult title="Only a title" />);
    // The icon and the title.
    expect(container.firstElementChild?.children).toHaveLength(2);
  });
});
