import type { ConfigRewrite } from './ConfigRewrite';
import { rewriteJson } from './jsonRewrite';
import { rewriteTextFile } from './textFileRewrite';
import { rewriteXml } from './xmlRewrite';
import { rewriteYaml } from './yamlRewrite';

export { rewriteParsers, type ConfigReplacement, type ConfigRewrite, type RewriteParser } from './ConfigRewrite';

/** The file's text after the rewrite's replacements, by its parser (Wings' rules; see each file). */
export async function rewriteConfigText(rewrite: Pick<ConfigRewrite, 'parser' | 'replacements'>, text: string): Promise<string> {
  switch (rewrite.parser) {
    case 'file':
      return rewriteTextFile(text, rewrite.replacements);
    case 'json':
      return rewriteJson(text, rewrite.replacements);
    case 'yaml':
      return rewriteYaml(text, rewrite.replacements);
    case 'xml':
      return rewriteXml(text, rewrite.replacements);
  }
}
