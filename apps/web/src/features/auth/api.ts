import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { endpoints, type LoginRequest, type passwordForgotRequest, type passwordResetRequest } from "@relais/shared";
import { api } from "../../api/index.ts";

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginRequest) => api.call(endpoints.auth.login, { body }),
  });
}

export function usePasswordForgot() {
  return useMutation({
    mutationFn: (body: z.input<typeof passwordForgotRequest>) => api.call(endpoints.auth.forgotPassword, { body }),
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: (body: z.input<typeof passwordResetRequest>) => api.call(endpoints.auth.resetPassword, { body }),
  });
}
