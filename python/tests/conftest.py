"""Settings for every test of the Python package."""

import os

# The timed levels (ai:7 to ai:9) build the data they read (Oware's endgame
# bounds: minutes) in the background on first use; the tests play them
# without it. Child processes inherit the setting.
os.environ["MANCALA_DATA_BUILD"] = "off"
