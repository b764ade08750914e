/** Where a person lands after signing in. */
export const HOME_PATH = "/conversations";
export const LOGIN_PATH = "/login";
