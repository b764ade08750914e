/** The login of relais_app on the tests' PostgreSQL servers (never a production database). */
export const TEST_APP_PASSWORD = "relais-test-app-password";
