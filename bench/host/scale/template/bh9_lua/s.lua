local started = GetCurrentResourceName()
