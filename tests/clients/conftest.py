"""Client libraries on paddle_c: scikit-learn, Cubed, xarray, einops, SciPy (the [clients]
extra; each file skips when its client is absent).

scikit-learn's array API dispatch needs SciPy's array API support, which SciPy reads from
SCIPY_ARRAY_API when it is first imported: this directory is collected before the test modules
that import SciPy, and the setting does not change SciPy's results for NumPy input.
"""

import os

os.environ.setdefault("SCIPY_ARRAY_API", "1")
