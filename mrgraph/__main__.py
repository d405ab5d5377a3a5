from mrgraph.cli import run

run()
