"""Type stubs of paddle_c.fft."""

from ._stubs_fft import (
    fft as fft, ifft as ifft, fftn as fftn, ifftn as ifftn, rfft as rfft, irfft as irfft,
    rfftn as rfftn, irfftn as irfftn, hfft as hfft, ihfft as ihfft, fftfreq as fftfreq,
    rfftfreq as rfftfreq, fftshift as fftshift, ifftshift as ifftshift,
)

__all__: list[str]
