// Composes the server: database, options, secrets, resources and plugins. No listening here.
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { DEFAULT_LANGUAGE, nowSeconds, normalizeLanguage, translate } from '@gw/core';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { createAuditTrail } from './audit/audit-trail.js';
import { auditRoutes } from './audit/audit.routes.js';
import { createCatalogue } from './catalogue.js';
import { createGroupPromotion } from './group-promotion.js';
import type { ServerConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createAuthenticator } from './plugins/auth.js';
import { clientTimeoutOptions } from './plugins/client-timeouts.js';
import { envelopeClientErrorHandler } from './plugins/client-errors.js';
import { registerErrorHandler } from './plugins/errors.js';
import { badUrlReply, registerInputBoundary } from './plugins/input-boundary.js';
import { clientIp, registerIpRateLimit } from './plugins/ip-rate-limit.js';
import { registerJsonParser } from './plugins/json-body.js';
import { createSystemLogRing } from './plugins/log-ring.js';
import { buildOpenApiDocument } from './plugins/openapi.js';
import { registerRequestIds } from './plugins/request-ids.js';
import { registerRoutes } from './plugins/routes.js';
import { registerSentReplies } from './plugins/sent-replies.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStatic } from './plugins/static.js';
import { RELAY_BODY_LIMIT } from './shared/body-limits.js';
import { type ChannelSeams, createChannelResource } from './resources/channels/channels.module.js';
import { createMonthlyInvoiceJob } from './jobs/monthly-invoice.job.js';
import { createInvoicesRepository } from './resources/invoices/invoices.repository.js';
import { invoiceRoutes } from './resources/invoices/invoices.routes.js';
import { createInvoicesService } from './resources/invoices/invoices.service.js';
import { createMidjourneyRepository } from './resources/midjourney/midjourney.repository.js';
import { seedBuiltInPrices } from './resources/prices/built-in-prices.js';
import { midjourneyRoutes } from './resources/midjourney/midjourney.routes.js';
import { createOptionStore } from './resources/options/options.repository.js';
import { optionRoutes } from './resources/options/options.routes.js';
import { createOptionsService } from './resources/options/options.service.js';
import { resolveSecrets } from './resources/options/secrets.js';
import { hasSignedTokenKeys } from './resources/tokens/tokens.repository.js';
import { createOrdersRepository } from './resources/orders/orders.repository.js';
import { orderRoutes } from './resources/orders/orders.routes.js';
import { createPaymentsRepository } from './resources/payments/payments.repository.js';
import { paymentRoutes } from './resources/payments/payments.routes.js';
import { createPaymentsService } from './resources/payments/payments.service.js';
import { openIpcSharedStores, type PrimaryChannel } from './cluster/ipc-stores.js';
import { openSharedStores } from './redis/shared-stores.js';
import { createRelayChannelProvider } from './relay/channel-checks/relay-channel-provider.js';
import { createRelayModule, type RelayModule } from './relay/relay.module.js';
import { withCallTimeout } from './relay/pipeline/upstream-http.js';
import { newRequestId } from './relay/pipeline/relay-error.js';
import { createRedemptionsRepository } from './resources/redemptions/redemptions.repository.js';
import { redemptionRoutes } from './resources/redemptions/redemptions.routes.js';
import { createRedemptionsService } from './resources/redemptions/redemptions.service.js';
import { createAnalyticsRepository } from './resources/analytics/analytics.repository.js';
import { analyticsRoutes } from './resources/analytics/analytics.routes.js';
import { createAnalyticsService } from './resources/analytics/analytics.service.js';
import { createMultiUserRepository } from './resources/analytics/multi-user.repository.js';
import { createDashboardRepository } from './resources/dashboard/dashboard.repository.js';
import { dashboardRoutes } from './resources/dashboard/dashboard.routes.js';
import { createDashboardService } from './resources/dashboard/dashboard.service.js';
import { uptimeKumaRoutes } from './resources/dashboard/uptime-kuma.routes.js';
import { createLedgerRejectsRepository } from './resources/ledger_rejects/ledger-rejects.repository.js';
import { ledgerRejectRoutes } from './resources/ledger_rejects/ledger-rejects.routes.js';
import { createLogsRepository } from './resources/logs/logs.repository.js';
import { siteQuotaDisplay } from './resources/logs/logs.export.js';
import { logRoutes } from './resources/logs/logs.routes.js';
import { createLogsService } from './resources/logs/logs.service.js';
import { siteRoutes } from './resources/site/site.routes.js';
import { healthRoutes, readinessChecks } from './resources/health/health.routes.js';
import { statusRoutes } from './resources/status/status.routes.js';
import { createTasksRepository } from './resources/tasks/tasks.repository.js';
import { taskRoutes } from './resources/tasks/tasks.routes.js';
import { systemInfoRoutes } from './resources/system_info/system-info.routes.js';
import { createTelegramMenusRepository } from './resources/telegram_menus/telegram-menus.repository.js';
import { telegramMenuRoutes } from './resources/telegram_menus/telegram-menus.routes.js';
import { createTelegramMenusService } from './resources/telegram_menus/telegram-menus.service.js';
import { tokenAdminRoutes } from './resources/tokens/tokens-admin.routes.js';
import { createTokensAdminService } from './resources/tokens/tokens-admin.service.js';
import { createTokensRepository } from './resources/tokens/tokens.repository.js';
import { tokenRoutes } from './resources/tokens/tokens.routes.js';
import { createTokensService } from './resources/tokens/tokens.service.js';
import { type MailSender, outboxMailSender, unconfiguredMailSender } from './resources/users/mail.js';
import { DEFAULT_OAUTH_ENDPOINTS, type OAuthEndpoints } from './resources/users/oauth-identities.js';
import { oauthRoutes } from './resources/users/oauth.routes.js';
import { createOAuthService } from './resources/users/oauth.service.js';
import { createOAuthStates } from './resources/users/oauth-state.js';
import { createTurnstileCheck } from './resources/users/turnstile.js';
import { userAdminRoutes } from './resources/users/users-admin.routes.js';
import { createUsersAdminService } from './resources/users/users-admin.service.js';
import { registrationRoutes } from './resources/users/users-register.routes.js';
import { createRegistrationService } from './resources/users/users-register.service.js';
import { configurePasswordCost } from './resources/users/password.js';
import { createUsersRepository } from './resources/users/users.repository.js';
import { userRoutes } from './resources/users/users.routes.js';
import { createUsersService } from './resources/users/users.service.js';
import {
  createCeremonies,
  createDbCeremonyStore,
  createRedisCeremonyStore,
} from './resources/users/webauthn.ceremonies.js';
import { createWebauthnRepository } from './resources/users/webauthn.repository.js';
import { webauthnRoutes } from './resources/users/webauthn.routes.js';
import { createVerificationCodes } from './resources/users/verification-codes.js';
import { createLoginThrottle, type LoginThrottle } from './sign-in/login-throttle.js';
import { createDbSessionStore } from './sessions/db-session-store.js';
import { createRedisSessionStore } from './sessions/redis-session-store.js';
import type { AppContext } from './shared/context.js';
import { type AnyRoute, defineRoute } from './shared/route.js';
import { lazyChildLogger, levelEnables } from './plugins/lazy-child-logger.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's composed context (database, secrets, options). */
    gw: AppContext;
    /** The route table the app was built from (the OpenAPI document and the authorization matrix read it). */
    gwRoutes: readonly AnyRoute[];
    /** The relay (state, ledger, upstream client); tests flush its ledger through it. */
    gwRelay: RelayModule;
  }
}

export interface BuildAppOptions {
  /** Where log lines go (default stdout); tests pass a stream to read what was printed. */
  logStream?: NodeJS.WritableStream;
  /**
   * A worker of `gw serve --workers N`: without Redis, its limiters, cooldowns and invalidations are the
   * primary process's, over this IPC channel (cluster/ipc-stores.ts).
   */
  primary?: PrimaryChannel;
  /** Seams of the channel resource (tests inject a fake upstream provider; the relay fills it). */
  channelSeams?: ChannelSeams;
  /** Sends the verification and password-reset mails (default: refuses; no mail server yet). */
  mailSender?: MailSender;
  /** Where e-mailed codes are kept (default: in memory, valid 10 minutes). */
  /** The clock e-mail codes expire by (tests move it), unix seconds. */
  verificationClock?: () => number;
  /** Where GitHub and Lark are asked who a sign-in code belongs to (tests: a fake provider on loopback). */
  oauthEndpoints?: Partial<OAuthEndpoints>;
  /** Where Turnstile tokens are verified (default Cloudflare's siteverify; tests: a fake on loopback). */
  turnstileVerifyUrl?: string;
  /**
   * The line that shows a generated root password, in the language of whoever started the server
   * (`gw serve` passes its own); default: the site language's sentence.
   */
  rootPasswordMessage?: (password: string) => string;
}

/** Builds the Fastify app for a config: opens and migrates the database, ensures secrets and root. */
export async function buildApp(
  config: Readonly<ServerConfig>,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  // Every log line also lands in a ring of the newest ones, which root reads at /api/system_info/log.
  const logRing = createSystemLogRing(options.logStream ?? process.stdout);
  const app = Fastify({
    logger: { level: config.logLevel, stream: logRing },
    // One line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: RELAY_BODY_LIMIT,
    // Request ids are made here, never taken from the caller: the relay keys its ledger by them, so a
    // caller-chosen id could collide with another request's. Same form as one-hub's X-Oneapi-Request-Id.
    genReqId: () => newRequestId(),
    childLoggerFactory: lazyChildLogger,
    frameworkErrors: badUrlReply,
    clientErrorHandler: envelopeClientErrorHandler,
    ...clientTimeoutOptions(config),
  });
  registerRequestIds(app);
  registerSentReplies(app);
  registerSecurityHeaders(app);
  // Callback style and asked first: the relay's routes log at warn, so most requests skip the line.
  app.addHook('onResponse', (request, reply, done) => {
    if (!levelEnables(request.log.level, 'info')) return done();
    request.log.info(
      {
        req: { method: request.method, url: request.url },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
    done();
  });
  const database = openDatabase(config.database);
  app.addHook('onClose', () => database.close());
  try {
    const migrated = await migrateToLatest(database.db, () =>
      app.log.warn(
        "one-hub's database adopted: gw's tables and columns added, one-hub's kept (docs/moving-from-one-hub.md)",
      ),
    );
    if (migrated.length > 0) app.log.info({ migrations: migrated }, 'database migrated');
    // Before the relay loads its prices: a fresh database bills the built-in list from the first request.
    const seeded = await seedBuiltInPrices(database.db, database.kind, config.priceSeed);
    if (seeded > 0) app.log.info({ seeded }, 'built-in prices added to the price list');
  } catch (error) {
    await app.close();
    throw error;
  }
  // Rate limits, cooldowns and cache invalidation: in Redis when REDIS_URL is set (shared by every process).
  const sharedStores =
    options.primary && !config.redisUrl
      ? openIpcSharedStores(options.primary, {
          nodeId: config.nodeId,
          onError: (error) => app.log.error({ err: error }, 'a shared store (the primary process) failed'),
        })
      : await openSharedStores(config.redisUrl, {
          keyPrefix: config.redisKeyPrefix,
          nodeId: config.nodeId,
          onError: (error) => app.log.error({ err: error }, 'a shared store (Redis) failed'),
        }).catch(async (error) => {
          await app.close();
          throw error;
        });
  app.addHook('onClose', () => sharedStores.close());
  const optionStore = createOptionStore(database.db);
  const secrets = await resolveSecrets(optionStore, config, () => hasSignedTokenKeys(database.db)).catch(
    async (error) => {
      await app.close();
      throw error;
    },
  );
  const context: AppContext = Object.freeze({
    config,
    db: database.db,
    dbKind: database.kind,
    secrets: Object.freeze(secrets),
    options: optionStore,
    startTime: nowSeconds(),
  });
  app.decorate('gw', context);
  // The relay loads its state and replays its journal before any route can take traffic.
  const relay = await createRelayModule(app, context, sharedStores, app.log);
  app.decorate('gwRelay', relay);

  // Sessions live where every process sees them: Redis when configured, else the database.
  const sessionLifetimes = {
    maxAgeSeconds: config.sessionMaxAgeSeconds,
    idleSeconds: config.sessionIdleSeconds,
  };
  const sessions = sharedStores.redis
    ? createRedisSessionStore(sharedStores.redis, sessionLifetimes, config.redisKeyPrefix)
    : createDbSessionStore(database.db, sessionLifetimes);
  configurePasswordCost(config.passwordScryptN);
  const auditTrail = createAuditTrail(database.db, (error) =>
    app.log.error({ err: error }, 'the audit trail could not record an entry'),
  );
  const usersRepository = createUsersRepository(database.db, sessions);
  const loginThrottle = createLoginThrottle(sharedStores.loginThrottle, {
    accountFailures: config.loginAccountFailures,
    ipFailures: config.loginIpFailures,
    maxLockSeconds: config.loginBackoffMaxSeconds,
  });
  // A failure that locks an account or an address is an audit entry (issue 15: the throttle visible in the
  // trail). Only locks are recorded, not every refused try: back-off bounds how many locks an attacker causes.
  const auditedThrottle: LoginThrottle = {
    ...loginThrottle,
    async failed(login, ip) {
      const locks = await loginThrottle.failed(login, ip);
      if (locks.account > 0 || locks.ip > 0) {
        // The account by its username when the name typed is one; anything else typed is not kept (it is
        // often a password typed into the wrong field).
        const account = await usersRepository.findByLogin(login.trim()).catch(() => undefined);
        await auditTrail.record({
          ip,
          action: 'login.lock',
          resourceId: account?.username ?? '',
          changes: {
            ...(account ? {} : { unknown_account: { after: true } }),
            account_lock_seconds: { after: locks.account },
            ip_lock_seconds: { after: locks.ip },
          },
        });
      }
      return locks;
    },
  };
  const usersService = createUsersService(usersRepository, optionStore, auditedThrottle);
  const root = await usersService.bootstrapRoot(config.rootPassword);
  if (root?.generatedPassword) {
    const language = normalizeLanguage(await optionStore.get('Language')) ?? DEFAULT_LANGUAGE;
    const message =
      options.rootPasswordMessage?.(root.generatedPassword) ??
      translate(language, 'auth.root_created', { password: root.generatedPassword });
    // gwPrivate: printed once, never kept for the system log API.
    app.log.warn({ gwPrivate: true, gwRootPassword: true }, message);
  }
  const auth = createAuthenticator(usersRepository, sessions, config.sessionMaxAgeSeconds);
  const tokensRepository = createTokensRepository(database.db, database.kind);
  // Channels and the catalogue each need the other's models; the arrows are only called per request,
  // after both exist.
  const catalogue = createCatalogue(database.db, database.kind, optionStore, auth, {
    channelModels: { configuredModels: () => channelResource.models.configuredModels() },
    servedModels: { servedModels: () => channelResource.models.servedModels() },
  });
  const channelResource = createChannelResource(context, app.log, {
    catalog: catalogue.pricedModelCatalog,
    provider: createRelayChannelProvider({
      http: withCallTimeout(relay.http, config.channelTestTimeoutSeconds),
      state: relay.state,
    }),
    onStatusChanged: () => {
      relay
        .invalidate('channels')
        .catch((error: unknown) => app.log.error({ err: error }, 'relay reload failed'));
    },
    ...options.channelSeams,
  });
  const tokensService = createTokensService(tokensRepository, secrets.userToken, catalogue.groupLookup);
  const registrationService = createRegistrationService({
    db: database.db,
    dbKind: database.kind,
    users: usersRepository,
    options: optionStore,
    mail:
      options.mailSender ??
      (config.mailOutboxDir ? outboxMailSender(config.mailOutboxDir) : unconfiguredMailSender),
    codes: createVerificationCodes(database.db, { now: options.verificationClock }),
    humanCheck: createTurnstileCheck(optionStore, options.turnstileVerifyUrl),
  });

  const redemptionsService = createRedemptionsService(createRedemptionsRepository(database.db), optionStore, {
    afterCredit: createGroupPromotion(database.db, optionStore),
    onHookError: (error) => app.log.error({ err: error }, 'the after-credit hook failed'),
  });

  // Channel names and group rate limits plug into the log list and the dashboard through these seams.
  const logsRepository = createLogsRepository(database.db);
  const logsService = createLogsService(logsRepository, (ids) => logsRepository.channelNames(ids));
  const dashboardRepository = createDashboardRepository(database.db);
  const dashboardService = createDashboardService(dashboardRepository, (symbol) =>
    dashboardRepository.groupApiRate(symbol),
  );
  const analyticsRepository = createAnalyticsRepository(database.db);
  const analyticsService = createAnalyticsService(
    analyticsRepository,
    createMultiUserRepository(database.db),
    {
      countsByStatus: () => analyticsRepository.channelCountsByStatus(),
      names: (ids) => analyticsRepository.channelNames(ids),
    },
  );
  const invoicesService = createInvoicesService(
    createInvoicesRepository(database.db, database.kind),
    optionStore,
  );
  // Every process may run the bill job: a month's run row lets one of them make it.
  const invoiceJob = createMonthlyInvoiceJob(invoicesService, app.log);
  app.addHook('onReady', async () => invoiceJob.start());
  app.addHook('onClose', () => invoiceJob.stop());
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true });
  registerJsonParser(app);
  registerErrorHandler(app);
  registerInputBoundary(app);
  registerIpRateLimit(app, config, sharedStores.rateLimiters.ip);

  const routes = [
    ...healthRoutes(readinessChecks(database.db, sharedStores.redis)),
    ...statusRoutes(optionStore, context.startTime),
    ...siteRoutes(optionStore),
    ...optionRoutes(createOptionsService(optionStore)),
    ...telegramMenuRoutes(
      createTelegramMenusService(createTelegramMenusRepository(database.db, database.kind)),
    ),
    ...systemInfoRoutes(logRing),
    ...userRoutes(usersService, auth, (request) => clientIp(request, config.trustedHeader)),
    ...tokenRoutes(tokensService),
    ...channelResource.routes,
    ...catalogue.routes,
    ...tokenAdminRoutes(
      createTokensAdminService(tokensRepository, usersRepository, secrets.userToken, catalogue.groupLookup),
    ),
    ...userAdminRoutes(
      createUsersAdminService(usersRepository, database.db, usersService, catalogue.groupLookup),
    ),
    ...registrationRoutes(registrationService),
    ...webauthnRoutes({
      credentials: createWebauthnRepository(database.db),
      users: usersRepository,
      ceremonies: createCeremonies(
        nowSeconds,
        sharedStores.redis
          ? createRedisCeremonyStore(sharedStores.redis, config.redisKeyPrefix)
          : createDbCeremonyStore(database.db),
      ),
      options: optionStore,
      auth,
      ipOf: (request) => clientIp(request, config.trustedHeader),
    }),
    ...oauthRoutes(
      createOAuthService({
        users: usersRepository,
        options: optionStore,
        registration: registrationService,
        endpoints: { ...DEFAULT_OAUTH_ENDPOINTS, ...options.oauthEndpoints },
      }),
      createOAuthStates(secrets.session, nowSeconds),
      auth,
      optionStore,
    ),
    ...logRoutes(logsService, siteQuotaDisplay(optionStore)),
    ...dashboardRoutes(dashboardService),
    ...uptimeKumaRoutes(optionStore),
    ...analyticsRoutes(analyticsService),
    ...redemptionRoutes(redemptionsService),
    ...paymentRoutes(createPaymentsService(createPaymentsRepository(database.db, database.kind))),
    ...orderRoutes(createOrdersRepository(database.db)),
    ...midjourneyRoutes(createMidjourneyRepository(database.db)),
    ...taskRoutes(createTasksRepository(database.db)),
    ...invoiceRoutes(invoicesService),
    ...ledgerRejectRoutes(createLedgerRejectsRepository(database.db)),
    ...auditRoutes(database.db),
  ];
  const document = buildOpenApiDocument(routes);
  const openApiRoute = defineRoute({
    method: 'GET',
    url: '/api/openapi.json',
    guard: 'public',
    tag: 'meta',
    summary: 'This OpenAPI 3.1 document',
    handler: ({ reply }) => reply.send(document),
  });
  const allRoutes = [...routes, openApiRoute];
  app.decorate('gwRoutes', allRoutes);
  registerRoutes(app, allRoutes, auth, {
    trail: auditTrail,
    ip: (request) => clientIp(request, config.trustedHeader),
  });
  await relay.registerRoutes(app);
  await registerStatic(app, config.webDir);
  return app;
}
