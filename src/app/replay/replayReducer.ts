import type { UnknownAction } from '@reduxjs/toolkit';
import { rootReducer } from '../store';
import { createLogReducer } from '../../features/support/logReducer';
// RTK Query's reducer looks up each request's endpoint; the endpoints are injected by these
// modules, which the panel loads with its pages. Replay needs every one of them up front: a
// customer's log may hold a request of any page (the dashboard's invitations, the files, ...).
import '../../api/auth';
import '../../api/account';
import '../../api/servers';
import '../../api/backups';
import '../../api/config';
import '../../api/crashes';
import '../../api/apiKeys';
import '../../api/startup';
import '../../api/databases';
import '../../api/extensions';
import '../../api/files';
import '../../api/modpacks';
import '../../api/network';
import '../../api/notifications';
import '../../api/plans';
import '../../api/orders';
import '../../api/generated/branding.gen';
import '../../api/players';
import '../../api/schedules';
import '../../api/sharing';
import '../../api/sshKeys';
import '../../api/socialLogin';
import '../../api/linkedAccounts';
import '../../api/versions';
import '../../api/webhooks';
import '../../api/thresholds';
import '../../api/generated/admin.gen';
import '../../api/generated/billing.gen';
import '../../api/generated/setups.gen';

/** Applies one logged action to a plain panel state, as the panel's reducers would. */
export const replayReducer = createLogReducer(rootReducer as (state: Record<string, unknown> | undefined, action: UnknownAction) => Record<string, unknown>);
