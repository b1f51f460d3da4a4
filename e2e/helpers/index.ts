export { anonymousSessionProbe, apiStatus, collectConsoleErrors, type ConsoleErrorFilter } from './consoleErrors';
export { motionSettled } from './motion';
export { chooseOption } from './select';
export { apiLogin, demoCredentials, loginAsDemo, loginAsFreshUser, signUpFreshUser, uniqueCredentials, useToken, type Credentials, type SignedUpUser } from './accounts';
export { SERVER_STATE_TAG, serverStateTag } from './serverState';
