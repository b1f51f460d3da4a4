import { screen, render, configure } from '@testing-library/react';
it('bench', () => {
  const buttons = Array.from({ length: 40 }, (_, i) => <button key={i}>b{i}</button>);
  render(<div><div>{buttons}</div></div>);
  let t = Date.now(); for (let i = 0; i < 5; i++) screen.getAllByRole('button'); console.log('visible-check', Date.now() - t);
  t = Date.now(); for (let i = 0; i < 5; i++) screen.getAllByRole('button', { hidden: true }); console.log('hidden:true', Date.now() - t);
  t = Date.now(); for (let i = 0; i < 5; i++) screen.getAllByText(/b/); console.log('text', Date.now() - t);
});
