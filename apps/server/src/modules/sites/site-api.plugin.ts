import type { FastifyPluginAsync } from 'fastify';
import { specError } from '../../http/errors.ts';
import type { Site } from './site.ts';
import type { SitesService } from './sites.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The site named by the first path segment; set for every route under `/<site>/api/v1`. */
    site: Site;
  }
  interface FastifyInstance {
    /**
     * The routes under `/<site>/api/v1`, added by each module's plugin and registered together
     * after every module's (app.ts): built then, a module's routes may use what a later module's
     * plugin provides.
     */
    siteRoutes: FastifyPluginAsync[];
  }
}

/** Resolves `/:site` before anything else runs, so an unknown site is a 404 whatever the rest says. */
export const siteApi =
  (sites: SitesService, routes: FastifyPluginAsync[]): FastifyPluginAsync =>
  async (app) => {
    app.decorateRequest('site', null as unknown as Site);
    app.addHook('onRequest', async (request) => {
      const key = (request.params as { site?: string }).site ?? '';
      const site = await sites.resolve(key);
      if (!site) throw specError('site not found', { message: `there is no site "${key}"` });
      request.site = site;
    });
    for (const register of routes) await app.register(register);
  };
