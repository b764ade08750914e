import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { type LoginRequest, type passwordForgotRequest, type passwordResetRequest } from "@relais/shared";
import { authEndpoints } from "@relais/shared/endpoints/auth";
import { api } from "../../api/index.ts";

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api.call(authEndpoints.login, { body }),
  });
}

export function usePasswordForgot() {
  return useMutation({
    mutationFn: (body: z.input<typeof passwordForgotRequest>) => api.call(authEndpoints.forgotPassword, { body }),
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: (body: z.input<typeof passwordResetRequest>) => api.call(authEndpoints.resetPassword, { body }),
  });
}
