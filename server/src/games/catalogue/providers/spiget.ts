import { HttpNotFound, type CatalogueHttp } from '../CatalogueHttp';
import { CatalogueNotFoundError } from '../types';

/**
 * SpiGet (api.spiget.org/v2): the resources of spigotmc.org. Resources hosted elsewhere
 * (`external`) only link to an outside download; SpiGet publishes no checksums.
 */

export interface SpigetResource {
  id: number;
  name: string;
  tag: string;
  downloads: number;
  external: boolean;
  premium?: boolean;
  testedVersions?: string[];
  file: { type: string; size?: number; sizeUnit?: string; url?: string; externalUrl?: string };
  icon?: { url: string; data?: string };
  version?: { id: number };
  author?: { id: number };
  updateDate?: number;
}

export interface SpigetVersion {
  id: number;
  name: string;
  releaseDate: number;
}

export class SpigetClient {
  readonly id = 'spiget';

  constructor(
    readonly http: CatalogueHttp,
    private readonly base: string,
    /** Where spigotmc.org's pages and icons are. */
    readonly siteUrl = 'https://www.spigotmc.org',
  ) {}

  async search(q: { query?: string; page?: number; size?: number }): Promise<SpigetResource[]> {
    const params = `size=${q.size ?? 20}&page=${q.page ?? 1}&sort=-downloads`;
    const query = q.query?.trim();
    const url = query ? `${this.base}/v2/search/resources/${encodeURIComponent(query)}?field=name&${params}` : `${this.base}/v2/resources?${params}`;
    try {
      return await this.http.getJson<SpigetResource[]>(url);
    } catch (error) {
      // SpiGet answers 404 to a search that found nothing.
      if (error instanceof HttpNotFound) return [];
      throw error;
    }
  }

  async resource(id: string | number): Promise<SpigetResource> {
    try {
      return await this.http.getJson<SpigetResource>(`${this.base}/v2/resources/${encodeURIComponent(String(id))}`);
    } catch (error) {
      if (error instanceof HttpNotFound) throw new CatalogueNotFoundError('software', `SpiGet has no resource ${id}.`);
      throw error;
    }
  }

  async latestVersion(id: string | number): Promise<SpigetVersion> {
    try {
      return await this.http.getJson<SpigetVersion>(`${this.base}/v2/resources/${encodeURIComponent(String(id))}/versions/latest`);
    } catch (error) {
      if (error instanceof HttpNotFound) throw new CatalogueNotFoundError('version', `SpiGet has no version of resource ${id}.`);
      throw error;
    }
  }

  downloadUrl(id: string | number): string {
    return `${this.base}/v2/resources/${encodeURIComponent(String(id))}/download`;
  }

  iconUrl(resource: SpigetResource): string | null {
    return resource.icon?.url ? `${this.siteUrl}/${resource.icon.url}` : null;
  }

  pageUrl(resource: SpigetResource): string {
    return `${this.siteUrl}/resources/${resource.id}/`;
  }
}
