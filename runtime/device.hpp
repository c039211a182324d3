// Reading a device's properties through the driver.
#pragma once

#include "tailor/device.hpp"

namespace tailor::detail {

/// Properties of CUDA device `ordinal`; throws Error(device_unavailable) when the driver
/// or the device is missing, naming why.
DeviceInfo query_device(int ordinal);

}  // namespace tailor::detail
