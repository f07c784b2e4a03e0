// Before the install phase's run: no dev.icebergops artifact is left in its repository from an
// earlier run (a snapshot found there is not fetched again), so each comes from where install put it.
new File(localRepositoryPath, 'dev/icebergops').deleteDir()
return true
