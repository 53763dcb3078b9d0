const started = GetCurrentResourceName();
