-- the run ends when no thread is queued: a thread awaiting a promise nobody
-- can settle does not keep it alive (exit code 0)
CreateThread(function()
  print("waiting forever")
  SetTimeout(3, function() print("last timer") end)
  Citizen.Await(promise.new())
  print("never")
end)
