import { loadedWith } from '../../helpers/staticImports';

describe('the files page’s code', () => {
  it('does not load the code editor (CodeMirror) with the list: only opening a file does', () => {
    const modules = [...loadedWith('src/features/files/FilesPage.tsx')];
    expect(modules.filter((name) => name.startsWith('@codemirror/') || name.endsWith('CodeEditor.tsx') || name.endsWith('languageSupport.ts'))).toEqual([]);
    // The walk did reach the editor’s wrapper, which loads CodeMirror on demand.
    expect(modules.some((name) => name.endsWith('editor/FileEditor.tsx'))).toBe(true);
  });
});
