export { anonymousSessionProbe, apiStatus, collectConsoleErrors, type ConsoleErrorFilter } from './consoleErrors';
export { apiLogin, demoCredentials, loginAsDemo, loginAsFreshUser, signUpFreshUser, uniqueCredentials, useToken, type Credentials, type SignedUpUser } from './accounts';
